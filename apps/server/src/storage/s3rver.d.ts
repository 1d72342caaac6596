/** The part of s3rver 3.7 (no bundled types) the storage tests use to run a local bucket. */
declare module "s3rver" {
  import type { AddressInfo } from "node:net";

  interface S3rverOptions {
    address?: string;
    /** 0 for any free port; `run()` tells which one was taken. */
    port?: number;
    silent?: boolean;
    /** Where the buckets' files live. */
    directory: string;
    configureBuckets?: { name: string }[];
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
