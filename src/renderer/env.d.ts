import type { IasBridge } from '../shared/contract.js';

declare global {
  interface Window {
    /** The contract, exposed by the desktop app's preload; absent when the page is served by `ias serve`. */
    readonly ias?: IasBridge;
  }
}
