#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import"./chunk-6KOIVNVW.js";async function publishPassingRun(session,publisher,run,redact){let{result}=await session.sideEffect("changes_published","publish_changes",{mode:publisher.mode,verdict_hash:run.verdictHash},async()=>{try{return await publisher.publish(run)}catch(error){return{status:"failed",detail:redact(error.message??String(error))}}});return result}export{publishPassingRun};
