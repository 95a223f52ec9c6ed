import { fireEvent, screen } from '@testing-library/react';
import { renderRoute } from '../../../testing/render-route';

/** Renders the console at an account screen and waits for it (first visits load the page chunks: slow in a full run). */
export async function openAt(path: string, pageTestId = `${path.slice(1)}-page`) {
  const view = renderRoute(path);
  await screen.findByTestId(pageTestId, {}, { timeout: 5000 });
  return view;
}

export const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

/** Every path the router goes through, to see that a screen which hands over at once (select-site) was reached. */
export function visitedPaths(router: ReturnType<typeof renderRoute>['router']) {
  const paths: string[] = [];
  router.subscribe((state) => paths.push(state.location.pathname));
  return paths;
}
