import { withApp } from './app-context.js';

// Creating the application runs every pending migration; nothing else is needed.
await withApp(async () => {
  console.log('Migrations are up to date.');
});
