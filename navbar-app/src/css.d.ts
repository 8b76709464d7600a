/** Stylesheets are injected by style-loader (webpack-factory). */
declare module '*.css';
