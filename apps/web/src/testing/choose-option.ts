import { fireEvent, screen } from '@testing-library/react';

/** Picks an option of a MUI select by its text; `testId` is the select's hidden input's. */
export async function chooseOption(testId: string, option: string): Promise<void> {
  fireEvent.mouseDown(screen.getByTestId(testId).previousElementSibling as Element);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}
