import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Area kits: the code an area's pages load, in one file per area instead of the dozens of small files the
 * bundler splits it into by which areas share each module. A phone pays a round trip for each file, and
 * with HTTP/1.1 a browser opens at most six connections to a server, so twenty small files cost four round
 * trips where four files cost one.
 *
 * Which modules an area loads is only known once the bundler has tree-shaken the whole client (an import
 * from `@mantine/core` reaches every component through its index). So the client is built twice: a first
 * build (`--mode area-kits`) records, from its chunks, the modules each area loads; the real build then
 * gives each kit its chunk.
 */

/** The kits, most important first: a module two kits share goes to the first. */
export const AREA_KITS: readonly { name: string; area: string; sharedWith?: readonly string[] }[] = [
  // What the sign-in forms share with the customer's pages (inputs, buttons, commands): in a kit of its
  // own, so the customer's pages do not load the sign-in forms' own modules with it.
  { name: 'shared-kit', area: 'sign-in', sharedWith: ['customer', 'customer-upload'] },
  { name: 'sign-in-kit', area: 'sign-in' },
  { name: 'customer-kit', area: 'customer' },
  { name: 'upload-kit', area: 'customer-upload' },
];

/** Areas that stay light: a module their pages load is in no kit, so they never load a kit. */
export const LIGHT_AREAS = ['public-info'] as const;

/**
 * The few modules the light areas' pages share with the kits' (icons): a file of their own, which both
 * load, so that a kit taking in what its modules import does not take them and bring the kit to a light
 * page.
 */
export const LIGHT_SHARED = 'light-shared';

/** The first build's mode, and where it writes what it found. */
export const RECORDING_MODE = 'area-kits';

type Recorded = Record<string, string[]>;

interface Chunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  modules: Record<string, { renderedLength: number }>;
}

/** The files an entry loads with it: itself and its static imports, all the way down. */
function loadedWith(start: string, chunks: Map<string, Chunk>): Set<string> {
  const loaded = new Set<string>();
  const next = [start];
  while (next.length > 0) {
    const file = next.pop()!;
    if (loaded.has(file)) continue;
    loaded.add(file);
    next.push(...(chunks.get(file)?.imports ?? []));
  }
  return loaded;
}

/** The modules, library and the client's own, an area's pages load beyond what every page loads. */
function modulesOf(area: string, byFile: Map<string, Chunk>, everyPage: Set<string>): Set<string> {
  const entry = [...byFile.values()].find((chunk) => chunk.facadeModuleId?.endsWith(`/app/areas/${area}.ts`));
  if (!entry) throw new Error(`No chunk for the ${area} area.`);
  const modules = new Set<string>();
  for (const file of loadedWith(entry.fileName, byFile)) {
    if (everyPage.has(file)) continue;
    for (const [id, module] of Object.entries(byFile.get(file)!.modules))
      if (module.renderedLength > 0) modules.add(id);
  }
  return modules;
}

/**
 * For each kit, the modules its area's pages load beyond every page's and no light area's (and, for a kit
 * shared with other areas, that one of them loads too); and the light areas' modules that a kit's area
 * loads as well.
 */
export function modulesByKit(chunks: Chunk[]): Recorded {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const everyPage = new Set(
    chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [...loadedWith(chunk.fileName, byFile)]),
  );
  const light = new Set(LIGHT_AREAS.flatMap((area) => [...modulesOf(area, byFile, everyPage)]));
  const recorded: Recorded = {};
  const inKitAreas = new Set<string>();
  for (const kit of AREA_KITS) {
    const loaded = modulesOf(kit.area, byFile, everyPage);
    loaded.forEach((id) => inKitAreas.add(id));
    const sharers = (kit.sharedWith ?? []).map((area) => modulesOf(area, byFile, everyPage));
    recorded[kit.name] = [...loaded]
      .filter((id) => !light.has(id) && (sharers.length === 0 || sharers.some((other) => other.has(id))))
      .sort();
  }
  recorded[LIGHT_SHARED] = [...light].filter((id) => inKitAreas.has(id)).sort();
  return recorded;
}

/** The first build's plugin: writes each kit's modules to `file`. */
export function recordAreaKits(file: string): Plugin {
  return {
    name: 'homeward:record-area-kits',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk') as unknown as Chunk[];
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(modulesByKit(chunks), null, 1));
    },
  };
}

/**
 * The real build's chunk groups, from what the first build recorded (none without it): the light areas'
 * shared modules above `priority`, then one per kit, each below the ones before it (all below the shell's).
 */
export function areaKitGroups(file: string, priority: number) {
  if (!existsSync(file)) {
    console.warn(`No ${file}: the client is built without area kits (build it with npm run build:client).`);
    return [];
  }
  const recorded = JSON.parse(readFileSync(file, 'utf8')) as Recorded;
  const group = (name: string, groupPriority: number) => {
    const modules = new Set(recorded[name] ?? []);
    return { name, test: (id: string) => modules.has(id), priority: groupPriority };
  };
  return [
    group(LIGHT_SHARED, priority + 0.5),
    ...AREA_KITS.map((kit, index) => group(kit.name, priority - index / AREA_KITS.length)),
  ];
}
