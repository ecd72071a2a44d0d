import { z } from 'zod';

// No code generation: zod otherwise probes `new Function('')` to compile object parsers, which the
// product's Content-Security-Policy (script-src 'self', no 'unsafe-eval') forbids wherever a
// schema runs under it. Imported first by every entry that exports schemas.
z.config({ jitless: true });
