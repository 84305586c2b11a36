"""Detection: regex rules, CRF features and tagging, the hybrid combiner. Pure, no DB."""
