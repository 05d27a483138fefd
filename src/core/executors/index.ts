export { relayToolSocket } from './delegated-tools-relay.js';
export type { TrussCommand } from './delegated-tools-vendor.js';
