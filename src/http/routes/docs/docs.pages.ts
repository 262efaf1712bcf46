/** The three viewer pages; each loads /openapi.json, so all three mirror one document. */

const page = (title: string, head: string, body: string) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>${head}</head>
<body style="margin:0">${body}</body>
</html>`;

export const swaggerUiPage = page(
  'Compliance Intelligence API — Swagger UI',
  '<link rel="stylesheet" href="/docs/assets/swagger-ui.css">',
  `<div id="swagger-ui"></div><script src="/docs/assets/swagger-ui-bundle.js"></script>
<script>window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui' });</script>`,
);

export const redocPage = page(
  'Compliance Intelligence API — Redoc',
  '',
  `<redoc spec-url="/openapi.json"></redoc><script src="/redoc/assets/redoc.standalone.js"></script>`,
);

export const explorerPage = page(
  'Compliance Intelligence API — OpenAPI Explorer',
  '<script type="module" src="/api-docs/assets/openapi-explorer.min.js"></script>',
  `<openapi-explorer spec-url="/openapi.json"></openapi-explorer>`,
);
