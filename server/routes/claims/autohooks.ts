// The insurance-event calls are site API calls like the products' (the API credential, XSRF on a browser's POST).
export { default } from '../api/autohooks';
