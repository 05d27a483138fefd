export { relayToolSocket } from './delegated-tools-relay.js';
