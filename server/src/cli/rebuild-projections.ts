import { describeProgress, ProjectionRebuilder } from '../platform/event-store/projection.rebuilder.js';
import { withApp } from './app-context.js';

// `npm run projections:rebuild` gives this process a young generation of 64 MB (`--max-semi-space-size=64`).
// A rebuild holds several batches of events at once, and in V8's default 16 MB each minor collection copied
// most of them again: 1,213 collections and 12.8 s of a rebuild of 845,229 events, against 326 and 8.3 s.
// The product keeps answering meanwhile: the tables are rebuilt aside and swapped in at the end.
await withApp(async (app) => {
  const { events, tables, eventsPerSecond } = await app.get(ProjectionRebuilder).rebuild({
    onProgress: (progress) => {
      if (!progress.done) console.log(`rebuilt ${describeProgress(progress)}`);
    },
  });
  console.log(
    `Rebuilt ${tables.join(', ')} from ${events.toLocaleString('en-US')} events ` +
      `(${eventsPerSecond.toLocaleString('en-US')} events/s).`,
  );
});
