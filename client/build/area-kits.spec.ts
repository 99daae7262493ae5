import { describe, expect, it } from '@jest/globals';
import { modulesByKit } from './area-kits.ts';

const lib = (path: string) => `/app/node_modules/${path}`;
const src = (path: string) => `/app/client/src/${path}`;

function chunk(
  fileName: string,
  modules: Record<string, number>,
  more: Partial<Parameters<typeof modulesByKit>[0][number]> = {},
) {
  return {
    type: 'chunk' as const,
    fileName,
    isEntry: false,
    facadeModuleId: null,
    imports: [],
    modules: Object.fromEntries(
      Object.entries(modules).map(([id, renderedLength]) => [id, { renderedLength }]),
    ),
    ...more,
  };
}

const CHUNKS = [
  chunk(
    'index.js',
    { [src('main.tsx')]: 10, [lib('xstate/index.js')]: 10 },
    { isEntry: true, imports: ['react.js'] },
  ),
  chunk('react.js', { [lib('react/index.js')]: 10 }),
  chunk(
    'sign-in.js',
    { [src('app/areas/sign-in.ts')]: 5, [lib('@mantine/core/PasswordInput.mjs')]: 7 },
    {
      facadeModuleId: src('app/areas/sign-in.ts'),
      imports: ['index.js', 'Input.js'],
    },
  ),
  chunk(
    'Input.js',
    { [lib('@mantine/core/Input.mjs')]: 10, [lib('@mantine/core/index.mjs')]: 0 },
    { imports: ['index.js'] },
  ),
  chunk(
    'customer.js',
    { [src('app/areas/customer.ts')]: 5, [lib('@mantine/core/NavLink.mjs')]: 8 },
    {
      facadeModuleId: src('app/areas/customer.ts'),
      imports: ['index.js'],
    },
  ),
  chunk(
    'customer-upload.js',
    { [src('app/areas/customer-upload.ts')]: 5 },
    {
      facadeModuleId: src('app/areas/customer-upload.ts'),
      imports: ['Input.js', 'Menu.js'],
    },
  ),
  chunk('Menu.js', { [lib('@mantine/core/Menu.mjs')]: 10, [src('ui/StatusMenu.tsx')]: 4 }),
  chunk(
    'public-info.js',
    { [src('app/areas/public-info.ts')]: 5 },
    {
      facadeModuleId: src('app/areas/public-info.ts'),
      imports: ['customer.js'],
    },
  ),
];

describe('area kits', () => {
  it("gives each kit the modules, the client's own too, its area loads beyond every page's and the public pages', without tree-shaken modules", () => {
    expect(modulesByKit(CHUNKS)).toMatchObject({
      'shared-kit': [lib('@mantine/core/Input.mjs')],
      'sign-in-kit': [
        src('app/areas/sign-in.ts'),
        lib('@mantine/core/Input.mjs'),
        lib('@mantine/core/PasswordInput.mjs'),
      ],
      'customer-kit': [],
      'upload-kit': [
        src('app/areas/customer-upload.ts'),
        src('ui/StatusMenu.tsx'),
        lib('@mantine/core/Input.mjs'),
        lib('@mantine/core/Menu.mjs'),
      ],
    });
  });

  it("puts what the public pages share with a kit's area in a file of its own, which neither kit takes", () => {
    const kits = modulesByKit(CHUNKS);
    expect(kits['light-shared']).toEqual([src('app/areas/customer.ts'), lib('@mantine/core/NavLink.mjs')]);
    expect(kits['customer-kit']).not.toContain(lib('@mantine/core/NavLink.mjs'));
  });

  it("keeps what only the sign-in forms load out of the kit they share with the customer's pages", () => {
    const kits = modulesByKit(CHUNKS);
    expect(kits['shared-kit']).not.toContain(lib('@mantine/core/PasswordInput.mjs'));
    expect(kits['upload-kit']).not.toContain(lib('@mantine/core/PasswordInput.mjs'));
  });

  it('refuses a build with no chunk for an area', () => {
    expect(() => modulesByKit(CHUNKS.filter((c) => c.fileName !== 'customer-upload.js'))).toThrow(
      'No chunk for the customer-upload area.',
    );
  });
});
