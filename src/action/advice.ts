// The advice is shared with the command line, which prints it too; it lives with the inputs, where both reach it.
export { adviceFor } from '../runtime/advice.js';
// "What to do" per kind of failure (false success, not found, timeout, …): the summary's and the command line's.
export { kindOfCause, whatToDo, type FailureKind } from '../runtime/view/what-to-do.js';
