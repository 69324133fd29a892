#!/usr/bin/env node
// Generates src/metadata.ts with the Swagger CLI plugin's view of every DTO and controller, so
// the OpenAPI document follows the code (NestJS "SWC + Swagger plugin" recipe). Not committed.
const { join } = require('node:path');
const { PluginMetadataGenerator } = require('@nestjs/cli/lib/compiler/plugins/plugin-metadata-generator');
const { ReadonlyVisitor } = require('@nestjs/swagger/plugin');

const root = join(__dirname, '..');
process.chdir(root);
new PluginMetadataGenerator().generate({
  visitors: [
    new ReadonlyVisitor({
      introspectComments: true,
      classValidatorShim: true,
      pathToSource: join(root, 'src'),
      dtoFileNameSuffix: ['.dto.ts', '.schema.ts', '.view.ts'],
      controllerFileNameSuffix: ['.controller.ts'],
    }),
  ],
  outputDir: join(root, 'src'),
  filename: 'metadata.ts',
  watch: false,
  tsconfigPath: 'tsconfig.build.json',
});
