/** /case/orders: orders placed through business-scene robots. */
export function OrdersPage() {
  return null;
}
