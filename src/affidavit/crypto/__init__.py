"""The only package that imports ``cryptography``: keyring, envelopes, MACs, signatures."""
