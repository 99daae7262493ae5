import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Plugin as PostcssPlugin, Root } from 'postcss';
import type { Plugin } from 'vite';

/**
 * Mantine's stylesheets style every component of the library (295 KB for @mantine/core alone), while the
 * client draws about half of them. Each component's rules carry its own class names (`m_` and eight hex
 * digits), which its script names as plain strings. The first build (area kits, `./area-kits.ts`) records
 * the class names left in the tree-shaken scripts; the real build drops the rules that can only match an
 * element with a class no script ever sets. A rule without such a class (the baseline, the variables, the
 * product's own CSS) is kept as it is, so nothing else can go missing, unlike with a general-purpose
 * purger that also drops the element and attribute selectors it does not find in the scripts.
 */

const MANTINE_CLASS = /\bm_[0-9a-f]{8}\b/g;

/** The Mantine class names a script names. */
export function mantineClassesIn(code: string): string[] {
  return code.match(MANTINE_CLASS) ?? [];
}

/** The first build's plugin: writes to `file` the Mantine class names its scripts name. */
export function recordMantineClasses(file: string): Plugin {
  return {
    name: 'homeward:record-mantine-classes',
    apply: 'build',
    generateBundle(_options, bundle) {
      const used = new Set<string>();
      for (const output of Object.values(bundle))
        if (output.type === 'chunk') mantineClassesIn(output.code).forEach((name) => used.add(name));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify([...used].sort(), null, 1));
    },
  };
}

/** Drops from `root` the selectors, then the rules and at-rules left empty, that name a class not in `used`. */
export function dropUnusedRules(root: Root, used: ReadonlySet<string>): void {
  root.walkRules((rule) => {
    const kept = rule.selectors.filter((selector) =>
      mantineClassesIn(selector).every((name) => used.has(name)),
    );
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes?.length === 0) atRule.remove();
  });
}

/** The real build's PostCSS plugin, from what the first build recorded (keeps every rule without it). */
export function unusedMantineRulesDropped(file: string): PostcssPlugin {
  const used = existsSync(file) ? new Set(JSON.parse(readFileSync(file, 'utf8')) as string[]) : null;
  if (!used)
    console.warn(`No ${file}: Mantine's stylesheets are shipped whole (build with npm run build:client).`);
  return {
    postcssPlugin: 'homeward-unused-mantine-rules-dropped',
    OnceExit(root) {
      if (used) dropUnusedRules(root, used);
    },
  };
}
