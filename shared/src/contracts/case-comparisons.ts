// Filled by the case-comparisons work of issue 15 (groundwork).
export {};
