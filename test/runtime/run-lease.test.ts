import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { RunLease, RunLeaseHeldError, RunLeaseLostError } from '../../src/runtime/run-lease.js';
import { Store } from '../../src/runtime/store.js';

function storeWithRun(): { store: Store; runId: string } {
  const store = Store.open(':memory:');
  return { store, runId: store.createRun({ configJson: '{}', configHash: 'h' }).id };
}

function holdAs(store: Store, runId: string, holder: { pid: number; host: string; heartbeatAgoMs: number }): void {
  const at = new Date(Date.now() - holder.heartbeatAgoMs).toISOString();
  store.db.prepare('INSERT OR REPLACE INTO run_leases (run_id, token, pid, host, since, heartbeat_at) VALUES (?, ?, ?, ?, ?, ?)').run(runId, 'other', holder.pid, holder.host, '2026-11-25T10:00:00.000Z', at);
}

describe('RunLease', () => {
  it('a live holder on another host with a fresh heartbeat: refused, naming pid, host and since', async () => {
    const { store, runId } = storeWithRun();
    holdAs(store, runId, { pid: 4242, host: 'other-host', heartbeatAgoMs: 1000 });
    const err = await RunLease.acquire(store, runId).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RunLeaseHeldError);
    expect((err as Error).message).toBe(`run ${runId} is being worked on by another slant process (pid 4242 on other-host, since 2026-11-25T10:00:00.000Z)`);
    expect((err as RunLeaseHeldError).exitCode).toBe(2);
  });

  it('a holder whose heartbeat is older than the stale limit is taken over', async () => {
    const { store, runId } = storeWithRun();
    holdAs(store, runId, { pid: 4242, host: 'other-host', heartbeatAgoMs: 60_000 });
    const lease = await RunLease.acquire(store, runId, { staleMs: 30_000 });
    expect(store.db.prepare('SELECT pid, host FROM run_leases WHERE run_id = ?').get(runId)).toEqual({ pid: process.pid, host: hostname() });
    await lease.release();
    expect(store.db.prepare('SELECT count(*) AS n FROM run_leases').get()).toEqual({ n: 0 });
  });

  it('a holder on this host whose pid is gone is taken over at once', async () => {
    const { store, runId } = storeWithRun();
    holdAs(store, runId, { pid: 2 ** 22 + 12345, host: hostname(), heartbeatAgoMs: 0 }); // above Linux's pid_max: never alive
    const lease = await RunLease.acquire(store, runId);
    await lease.release();
  });

  it('with wait: starts once the holder releases', async () => {
    const { store, runId } = storeWithRun();
    const first = await RunLease.acquire(store, runId);
    let waited = 0;
    const second = RunLease.acquire(store, runId, { wait: true, pollMs: 5, onWait: () => waited++ });
    await new Promise((r) => setTimeout(r, 20));
    await first.release();
    (await second).release();
    expect(waited).toBe(1);
  });

  it('fencing: a fresh confirmation lets requests go unasked; a stale one asks the store, and a lease taken over stops them', async () => {
    const { store, runId } = storeWithRun();
    const lease = await RunLease.acquire(store, runId, { heartbeatMs: 60_000, staleMs: 100 });
    expect(lease.fence()).toBeUndefined();
    await new Promise((r) => setTimeout(r, 60));
    // older than half the stale limit: confirmed in the store first (still ours)
    const asked = lease.fence();
    expect(asked).toBeInstanceOf(Promise);
    await asked;
    expect(lease.fence()).toBeUndefined();
    // another process takes the run over (this one's heartbeat went stale)
    holdAs(store, runId, { pid: 4242, host: 'other-host', heartbeatAgoMs: 0 });
    await new Promise((r) => setTimeout(r, 60));
    await expect(lease.fence()).rejects.toBeInstanceOf(RunLeaseLostError);
    await expect(lease.confirm()).rejects.toThrow(`run ${runId} was taken over by another slant process`);
    await lease.release();
    // the new holder's lease is left alone
    expect(store.db.prepare('SELECT pid FROM run_leases WHERE run_id = ?').get(runId)).toEqual({ pid: 4242 });
  });

  it('same config: a new run is refused while another run of the same config hash has a live holder', async () => {
    const store = Store.open(':memory:');
    const a = store.createRun({ configJson: '{}', configHash: 'same' }).id;
    const b = store.createRun({ configJson: '{}', configHash: 'same' }).id;
    const c = store.createRun({ configJson: '{}', configHash: 'other' }).id;
    holdAs(store, a, { pid: 4242, host: 'other-host', heartbeatAgoMs: 0 });
    const err = await RunLease.acquire(store, b, { sameConfig: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RunLeaseHeldError);
    expect((err as Error).message).toContain(`the same config is being run by another slant process (run ${a}, pid 4242 on other-host`);
    // without the same-config check (a resume), and for another config, it is taken
    await (await RunLease.acquire(store, b)).release();
    await (await RunLease.acquire(store, c, { sameConfig: true })).release();
  });
});
