/**
 * The documentation viewers' files, served from their npm packages (the machine is offline: no CDN).
 * Only the files named here can be served, so no request path ever reaches the file system.
 */
import { dirname, join } from 'node:path';

const pkgDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

export interface DocAsset {
  file: string;
  contentType: string;
}

/** URL path → file on disk. */
export function docAssets(): Record<string, DocAsset> {
  const swagger = pkgDir('swagger-ui-dist');
  const redoc = pkgDir('redoc');
  const explorer = pkgDir('openapi-explorer');
  return {
    '/docs/assets/swagger-ui.css': { file: join(swagger, 'swagger-ui.css'), contentType: 'text/css; charset=utf-8' },
    '/docs/assets/swagger-ui-bundle.js': { file: join(swagger, 'swagger-ui-bundle.js'), contentType: 'text/javascript; charset=utf-8' },
    '/redoc/assets/redoc.standalone.js': { file: join(redoc, 'bundles', 'redoc.standalone.js'), contentType: 'text/javascript; charset=utf-8' },
    '/api-docs/assets/openapi-explorer.min.js': {
      file: join(explorer, 'dist', 'browser', 'openapi-explorer.min.js'),
      contentType: 'text/javascript; charset=utf-8',
    },
  };
}
