// The API reference page: Swagger UI on the served document. The Authorize dialog's client
// credentials flow sends no audience of its own; the token endpoint needs one, so the token request
// gets the sandbox base URL (the live one for a live_ client), read from the document's servers.
'use strict';

function serverUrl(spec, description) {
  const server = spec.servers.find((entry) => entry.description === description);
  return server ? server.url : undefined;
}

/** The client id of a token request: in HTTP Basic (as Swagger UI sends it) or in the form body. */
function clientIdOf(request, form) {
  const authorization = request.headers.Authorization || request.headers.authorization || '';
  if (authorization.startsWith('Basic ')) return decodeURIComponent(atob(authorization.slice(6)).split(':')[0]);
  return form.get('client_id') || '';
}

function withAudience(spec) {
  const tokenUrl = spec.components.securitySchemes.oauth2.flows.clientCredentials.tokenUrl;
  return (request) => {
    if (request.method.toUpperCase() !== 'POST' || request.url.split('?')[0] !== tokenUrl || typeof request.body !== 'string') return request;
    if (request.body.trim().startsWith('{')) return request; // a JSON request from "Try it out" says its own audience
    const form = new URLSearchParams(request.body);
    if (!form.has('audience')) {
      const environment = clientIdOf(request, form).startsWith('live_') ? 'live' : 'sandbox';
      form.set('audience', serverUrl(spec, environment));
      request.body = form.toString();
    }
    return request;
  };
}

/** The token request's example names this server's sandbox as its audience, so "Try it out" gets a token as it is. */
function withOwnAudience(spec) {
  const content = spec.paths['/oauth/token']?.post?.requestBody?.content ?? {};
  for (const media of Object.values(content)) {
    if (media.example) media.example.audience = serverUrl(spec, 'sandbox');
  }
  return spec;
}

async function start() {
  const container = document.getElementById('swagger-ui');
  let spec;
  try {
    const response = await fetch('/openapi.json', { headers: { accept: 'application/json' } });
    spec = await response.json();
  } catch (error) {
    container.textContent = `The document /openapi.json could not be loaded: ${error.message}`;
    return;
  }
  container.textContent = '';
  SwaggerUIBundle({
    spec: withOwnAudience(spec),
    domNode: container,
    layout: 'BaseLayout',
    deepLinking: true,
    validatorUrl: null,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
    filter: true,
    tryItOutEnabled: true,
    requestSnippetsEnabled: true,
    syntaxHighlight: { activated: true, theme: 'agate' },
    requestInterceptor: withAudience(spec),
  });
}

start();
