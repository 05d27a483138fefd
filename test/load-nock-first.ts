/**
 * Loads nock before any test file of a shared worker, so its HTTP interceptor is installed before
 * the first module binds Node's `http.request` (src/github/http-fetch.ts): otherwise a file that
 * fakes GitHub with nock, run after one that did not, would send its requests to the network.
 */
import 'nock';
