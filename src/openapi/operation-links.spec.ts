import type { OpenAPIObject } from '@nestjs/swagger';
import { addOperationLinks } from './operation-links';

const answer = (data: object) => ({ description: '', content: { 'application/json': { schema: { type: 'object', properties: { data } } } } });

const document = (): OpenAPIObject => ({
  openapi: '3.0.0',
  info: { title: 't', version: '1' },
  components: {
    schemas: { Driver: { type: 'object', properties: { id: { type: 'string' } } }, Form: { type: 'object', properties: { _id: { type: 'string' } } } },
  },
  paths: {
    '/api/drivers': {
      post: { operationId: 'create', responses: { '201': answer({ $ref: '#/components/schemas/Driver' }) } },
      get: { operationId: 'list', responses: { '200': answer({ type: 'array', items: { $ref: '#/components/schemas/Driver' } }) } },
    },
    '/api/drivers/{id}': { get: { operationId: 'get', responses: {} }, delete: { operationId: 'remove', responses: {} } },
    '/api/drivers/{id}/notes': { post: { operationId: 'note', responses: {} } },
    '/api/drivers/{id}/notes/{noteId}': { get: { operationId: 'getNote', responses: {} } },
    '/api/forms': { post: { operationId: 'createForm', responses: { '201': answer({ $ref: '#/components/schemas/Form' }) } } },
    '/api/forms/{id}': { patch: { operationId: 'patchForm', responses: {} } },
  },
});

describe('addOperationLinks', () => {
  it("links a created record and a list's first item to the operations on their id", () => {
    const paths = addOperationLinks(document()).paths;
    expect(paths['/api/drivers'].post!.responses['201']).toMatchObject({
      links: {
        get_id: { operationId: 'get', parameters: { id: '$response.body#/data/id' } },
        delete_id: { operationId: 'remove', parameters: { id: '$response.body#/data/id' } },
        post_id_notes: { operationId: 'note', parameters: { id: '$response.body#/data/id' } },
      },
    });
    expect(Object.keys((paths['/api/drivers'].get!.responses['200'] as { links: object }).links)).toEqual(['get_id', 'delete_id', 'post_id_notes']);
    expect(JSON.stringify(paths['/api/drivers'].get!.responses['200'])).toContain('$response.body#/data/0/id');
  });

  it('takes `_id` where the record has no `id`, and leaves out operations needing another parameter', () => {
    const paths = addOperationLinks(document()).paths;
    expect(paths['/api/forms'].post!.responses['201']).toMatchObject({
      links: { patch_id: { operationId: 'patchForm', parameters: { id: '$response.body#/data/_id' } } },
    });
    const links = Object.values(paths).flatMap((item) =>
      Object.values(item).flatMap((op) => Object.values((op as { responses: Record<string, { links?: Record<string, { operationId: string }> }> }).responses)),
    );
    expect(links.flatMap((response) => Object.values(response.links ?? {}).map((l) => l.operationId))).not.toContain('getNote');
  });
});
