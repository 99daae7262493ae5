import { SeedService } from '../seeds/seed.service.js';
import { withApp } from './app-context.js';

await withApp(async (app) => {
  const { created } = await app.get(SeedService).seedDemo();
  console.log(created > 0 ? `Seeded ${created} demo records.` : 'Demo data is already there.');
});
