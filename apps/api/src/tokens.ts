export const API_CONFIG = Symbol('API_CONFIG');
export const LOGGER = Symbol('LOGGER');
