// Filled by the case-orders work of issue 15 (groundwork).
export {};
