/** An error the server cannot start past; main prints its message as one line and exits. */
export class StartupError extends Error {}
