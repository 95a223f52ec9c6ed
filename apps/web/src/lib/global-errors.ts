// Spec section 2: unhandled promise rejections produce no user message. The api-client has already told the user
// about a failed call; a rejection nobody awaited must not surface a second time.
export function silenceUnhandledRejections(target: Window = window): () => void {
  const listener = (event: PromiseRejectionEvent) => event.preventDefault();
  target.addEventListener('unhandledrejection', listener);
  return () => target.removeEventListener('unhandledrejection', listener);
}
