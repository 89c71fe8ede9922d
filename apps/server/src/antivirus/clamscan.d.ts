// The clamscan package ships no types; these cover the part of its API the scanner uses.
declare module 'clamscan' {
  import type { Readable } from 'node:stream';

  export interface ClamdScanSettings {
    host?: string;
    port?: number;
    socket?: string | false;
    timeout?: number;
    localFallback?: boolean;
    active?: boolean;
    bypassTest?: boolean;
  }

  export interface NodeClamSettings {
    removeInfected?: boolean;
    debugMode?: boolean;
    clamscan?: { active: boolean };
    clamdscan?: ClamdScanSettings;
    preference?: 'clamdscan' | 'clamscan';
  }

  export interface ScanResult {
    /** true: a signature matched; false: clean; null: clamd gave no verdict (e.g. timed out). */
    isInfected: boolean | null;
    viruses: string[];
    resultString?: string;
    timeout?: boolean;
  }

  export default class NodeClam {
    init(settings: NodeClamSettings): Promise<NodeClam>;
    scanStream(stream: Readable): Promise<ScanResult>;
  }
}
