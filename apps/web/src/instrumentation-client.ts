import { disableZodJit, shareStyleNonce } from './lib/csp-client';

// Runs in the browser before any of the storefront's own code (Next's instrumentation-client): before
// any dialog opens and before any schema is built. See lib/csp-client.ts.
shareStyleNonce(document);
disableZodJit();
