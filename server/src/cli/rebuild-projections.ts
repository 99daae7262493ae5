import { ProjectionRebuilder } from '../platform/event-store/projection.rebuilder.js';
import { withApp } from './app-context.js';

await withApp(async (app) => {
  const { events, tables } = await app.get(ProjectionRebuilder).rebuild();
  console.log(`Rebuilt ${tables.join(', ')} from ${events} events.`);
});
