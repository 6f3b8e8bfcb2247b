// The advice is shared with the command line, which prints it too; it lives with the inputs, where both reach it.
export { adviceFor } from '../inputs/advice.js';
