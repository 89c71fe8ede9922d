import { useContext } from 'react';
import { isBlockVisible, type JourneyBlock } from '@claims/core/journeys/journey-blocks';
import { getBlock } from '../blocks/registry';
import { ModelContext } from '../form-context';
import { useModelsStore } from '../stores/models-store';

/** Renders a page config's block, hidden while its visibility conditions do not hold. */
export function BlockRenderer({ config }: { config: JourneyBlock }) {
  const Block = getBlock(config.component);
  const clientId = useContext(ModelContext);
  const values = useModelsStore((state) =>
    clientId ? state.findModel(clientId)?.fields : undefined,
  );
  if (!isBlockVisible(config.visibleWhen, values ?? {})) return null;
  return <Block {...(config.props as Record<string, unknown>)} />;
}
