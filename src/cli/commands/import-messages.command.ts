import { ActivityRecorderModule } from '@app/activity';
import { FleetModule } from '@app/fleet';
import { MessageImporter, PositionsModule } from '../../positions';
import { CliCommandWork, requireOption } from '../cli-command';
import { progressOnStderr } from '../progress';

export const importMessagesCommand: CliCommandWork = {
  imports: [FleetModule, ActivityRecorderModule, PositionsModule],
  async run(app, options) {
    const vendorId = Number(requireOption(options, 'vendor-id'));
    if (!Number.isSafeInteger(vendorId) || vendorId < 1) throw new Error('--vendor-id must be a positive integer');
    const batchSize = options['batch-size'] === undefined ? undefined : Number(options['batch-size']);
    if (batchSize !== undefined && (!Number.isSafeInteger(batchSize) || batchSize < 1)) throw new Error('--batch-size must be a positive integer');
    const progress = progressOnStderr('import-messages', { unit: 'messages read' });
    return app
      .get(MessageImporter)
      .importFile(vendorId, requireOption(options, 'file'), batchSize, (read) => progress.update(read))
      .finally(() => progress.stop());
  },
};
