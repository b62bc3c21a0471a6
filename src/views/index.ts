// Custom views and dialogs of the system area, registered with the runtime; the shell imports this once at start-up.
export {};
