/** jsdom lacks TextEncoder/TextDecoder, which react-router 7 needs at import: imported first by the tests that render routes. */
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
