import { describeProgress, ProjectionRebuilder } from '../platform/event-store/projection.rebuilder.js';
import { withApp } from './app-context.js';

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
