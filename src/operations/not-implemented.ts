/** The only stub: an operation whose issue is not done yet says so plainly. */
export function notImplemented(operation: string): never {
  throw new Error(`The operation '${operation}' is not implemented yet in this version of the action.`);
}
