// Starts the suite once SystemJS and the import map are loaded (a file, not inline code: the CSP allows no inline scripts).
System.import('@flexpay/root-config');
