import pkg from '../../package.json' with { type: 'json' };

/** The version of package.json, bundled into the command line so it answers from any directory. */
export const VERSION: string = pkg.version;
