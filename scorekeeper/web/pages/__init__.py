"""The pages: one blueprint per area, thin (parse, call the data layer, render)."""
