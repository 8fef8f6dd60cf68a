/** Child process for bench/annotate.bench.ts: the annotation server on its own event loop. */
import { Store } from '../src/runtime/store.js';
import { startAnnotateServer } from '../src/annotate/server.js';

const store = Store.open(process.env.BENCH_STORE as string);
// the bench measures what the server can store, so its simulated annotators are not rate-limited
const srv = await startAnnotateServer(store, process.env.BENCH_STUDY as string, { answerRate: { perMinute: Number.MAX_SAFE_INTEGER, burst: Number.MAX_SAFE_INTEGER } });
process.send?.({ url: srv.url });
process.on('message', (m) => {
  if (m !== 'stop') return;
  void srv.close().then(() => {
    store.close();
    process.send?.({ stopped: true });
    process.exit(0);
  });
});
