import { Injectable } from '@nestjs/common';
import { ActivityRecorder } from '@app/activity';
import type { AuthContext } from '@app/auth';
import { containsText, InjectRepository, Page, Stored, TenantQuery, TenantRepository } from '@app/database';
import { badRequest } from '@app/errors';
import type { Feature } from '@app/geo-files';
import { DEFAULT_LAYER_COLOR } from './dto/layer-fields';
import { ListLayersDto } from './dto/list-layers.dto';
import { UpdateLayerDto } from './dto/update-layer.dto';
import { layerSizeProblem, storedFeatures } from './layer-features';
import { LayerView, toLayerSummaryView, toLayerView } from './layer.view';
import { Layer } from './schemas/layer.schema';

/** Layers a client may have: each may hold 5 MB, so this bounds a client's layers at a few GB. */
export const MAX_LAYERS_PER_CLIENT = 1_000;

/** A new layer: what the body or an imported file gives, and how the activity log says it came. */
export interface NewLayer {
  name: string;
  description?: string;
  color?: string;
  features: readonly Feature[];
  /** The activity summary's origin, e.g. `imported from rutas.kmz`. */
  origin?: string;
}

/** The summary (never the features) is what the activity log keeps of a layer: a layer may be 5 MB. */
const logged = toLayerSummaryView;

/** A client's map layers (docs/layers.md): CRUD; `LayerFeatures` answers the features in a box. */
@Injectable()
export class LayersService {
  constructor(
    @InjectRepository(Layer) private readonly layers: TenantRepository<Layer>,
    private readonly activity: ActivityRecorder,
  ) {}

  async create(auth: AuthContext, layer: NewLayer): Promise<LayerView> {
    const stored = storedFeatures(layer.features);
    const problem = layerSizeProblem(layer.features, stored.featuresJson);
    if (problem) throw badRequest(problem);
    await this.layers.checkRoomFor(auth, MAX_LAYERS_PER_CLIENT, 'layers');
    const created = await this.layers.create(auth, {
      name: layer.name,
      description: layer.description ?? '',
      color: layer.color ?? DEFAULT_LAYER_COLOR,
      ...stored,
    });
    await this.activity.created(
      auth,
      { type: 'layer', id: created._id },
      `Layer "${created.name}" created${layer.origin ? `, ${layer.origin}` : ''} (${created.featureCount} features)`,
      logged(created),
    );
    return toLayerView(created);
  }

  async list(auth: AuthContext, query: ListLayersDto): Promise<Page<Stored<Layer>>> {
    const filter: TenantQuery<Layer> = {};
    if (query.q) filter.name = containsText(query.q);
    return this.layers.list(auth, filter, { limit: query.limit, cursor: query.cursor }, {}, { featuresJson: 0, featureBboxes: 0 });
  }

  async get(auth: AuthContext, id: string): Promise<LayerView> {
    return toLayerView(await this.layers.findByIdOrFail(auth, id, 'Layer'));
  }

  async update(auth: AuthContext, id: string, body: UpdateLayerDto): Promise<LayerView> {
    if (Object.values(body).every((value) => value === undefined))
      throw badRequest('Nothing to change: send at least one of name, description, color, features');
    const layer = await this.layers.findByIdOrFail(auth, id, 'Layer');
    const { features, ...fields } = body;
    const set: Partial<Layer> = { ...fields };
    if (features) {
      Object.assign(set, storedFeatures(features.features));
      const problem = layerSizeProblem(features.features, set.featuresJson!);
      if (problem) throw badRequest(problem);
    }
    const updated = (await this.layers.updateRecord(auth, layer, { $set: set })) ?? layer;
    await this.activity.updated(
      auth,
      { type: 'layer', id: layer._id },
      `Layer "${updated.name}" changed${features ? ` (${updated.featureCount} features)` : ''}`,
      logged(layer),
      logged(updated),
    );
    return toLayerView(updated);
  }

  async delete(auth: AuthContext, id: string): Promise<{ id: string }> {
    const layer = await this.layers.findByIdOrFail(auth, id, 'Layer');
    await this.layers.deleteMany(auth, { _id: layer._id });
    await this.activity.deleted(auth, { type: 'layer', id: layer._id }, `Layer "${layer.name}" deleted`, logged(layer));
    return { id: layer._id.toHexString() };
  }
}
