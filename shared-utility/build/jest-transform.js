// One TypeScript/TSX transform for every jest project. ts-jest (not a native compiler) because npm 11
// leaves other platforms' optional binaries out of the lock file and `npm ci` then refuses it.
module.exports = [
  'ts-jest',
  {
    isolatedModules: true,
    diagnostics: false,
    tsconfig: {
      jsx: 'react-jsx',
      module: 'commonjs',
      target: 'es2022',
      esModuleInterop: true,
      allowJs: true,
      resolveJsonModule: true,
    },
  },
];
