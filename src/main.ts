/** Browser entry: mount the app with its router (each view has an address: src/router.ts). */
import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { createAppRouter } from './router';

createApp(App).use(createPinia()).use(createAppRouter()).mount('#app');
