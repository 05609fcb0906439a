import { expect, test } from 'vitest';
import { unwrapped } from './vite-plugin-plain-dynamic-imports';

test('a call of the replaced helper is the import it runs, and the helper goes once nothing calls it', () => {
  const chunk = 'import{a}from"./x.js";import{t as m}from"./preload-helper-tnMd9Xij.js";var o={"a.po":()=>m(()=>import(`./a-B1.js`),[]),"b.po":()=>m(()=>import("./b-C2.js"),[])};';
  expect(unwrapped(chunk)).toBe('import{a}from"./x.js";var o={"a.po":()=>import(`./a-B1.js`),"b.po":()=>import("./b-C2.js")};');
  // A helper call of another shape stays, with its import; other functions named alike are not touched.
  const kept = 'import{t}from"./preload-helper-tnMd9Xij.js";t(()=>import(`./a.js`),[]);t(load,[]);x.t(()=>import(`./b.js`),[]);';
  expect(unwrapped(kept)).toBe('import{t}from"./preload-helper-tnMd9Xij.js";import(`./a.js`);t(load,[]);x.t(()=>import(`./b.js`),[]);');
  expect(unwrapped('var a=1;')).toBe('var a=1;');
});
