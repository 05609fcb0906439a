/**
 * A plate as shown: the region's two digits, then each run of letters or digits apart, as the
 * plate itself is printed (`01 A 123 BC`, `01 123 ABC`, `01 M 123456`). The page's field, its
 * summary and the policy's PDF (products' sale terms) all write a plate this way, so a buyer
 * reads on paper what they read on screen.
 */
export function displayPlate(value: string): string {
  const region = value.slice(0, 2);
  const rest = value.slice(2).match(/[A-Z]+|[0-9]+/g) ?? [];
  return [region, ...rest].filter(Boolean).join(' ');
}
