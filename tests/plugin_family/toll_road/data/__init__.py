"""The Toll Road's rule sets (TOML with a CSV board), named to the kit by an entry point."""
