#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
function panelProviderSettings(contract){return contract.panel.seats.length>0?contract.panel.seats:contract.provider?[contract.provider]:[]}var NO_PROVIDER_PANEL={unavailable:"no provider configured, so no reviewer panel: add [provider] to .truss/config.toml or pass --provider KIND --model MODEL"};export{panelProviderSettings,NO_PROVIDER_PANEL};
