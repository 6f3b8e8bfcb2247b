// jest's transform for the project's TypeScript: Node's own type stripping (`module.stripTypeScriptTypes`, the
// same that runs scripts/*.ts), in place of ts-jest. Types are checked by `npm run typecheck`; here they are only
// erased, each replaced by spaces, so line and column numbers stay those of the source and no source map is
// needed. tsconfig.json's `erasableSyntaxOnly` and `verbatimModuleSyntax` keep every file strippable. On a clean
// clone ts-jest loaded TypeScript and transpiled every file in each worker: some 30 s of processor time.
import { createHash } from 'node:crypto';
import { stripTypeScriptTypes } from 'node:module';

export default {
  process(source) {
    return { code: stripTypeScriptTypes(source, { mode: 'strip' }) };
  },
  getCacheKey(source, path) {
    return createHash('sha256')
      .update(process.version)
      .update('\0')
      .update(path)
      .update('\0')
      .update(source)
      .digest('hex');
  },
};
