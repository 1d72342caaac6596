/**
 * Open sockets per client address on this process. Entries go when their count reaches
 * zero, so the map holds only addresses with a socket open.
 */
export class AddressCounter {
  private readonly counts = new Map<string, number>();

  count(address: string): number {
    return this.counts.get(address) ?? 0;
  }

  take(address: string) {
    this.counts.set(address, this.count(address) + 1);
  }

  release(address: string) {
    const left = this.count(address) - 1;
    if (left > 0) this.counts.set(address, left);
    else this.counts.delete(address);
  }
}
