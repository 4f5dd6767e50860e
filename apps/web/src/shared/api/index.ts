export { api, buildUrl, API_BASE, type ApiOptions } from './client.ts';
export { ApiError, NetworkError, isApiError, toApiError, type ErrorParams } from './errors.ts';
