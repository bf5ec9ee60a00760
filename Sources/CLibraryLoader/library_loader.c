// Not API. See library_loader.h.
#include "CLibraryLoader.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

static void *open_once(icongrid_library *library) {
  pthread_mutex_lock(&library->lock);
  if (!library->tried) {
    library->tried = 1;
    library->handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
    if (!library->handle) {
      const char *reason = dlerror();
      snprintf(library->error, sizeof library->error, "%s", reason ? reason : library->soname);
    }
  }
  void *handle = library->handle;
  pthread_mutex_unlock(&library->lock);
  return handle;
}

const char *icongrid_library_open(icongrid_library *library) {
  return open_once(library) ? NULL : library->error;
}

void *icongrid_library_symbol(icongrid_library *library, const char *symbol) {
  void *handle = open_once(library);
  if (!handle) return NULL;
  void *address = dlsym(handle, symbol);
  if (!address) {
    fprintf(stderr, "icongrid: %s has no %s (not the version icongrid was built with)\n",
            library->soname, symbol);
    abort();
  }
  return address;
}

void *icongrid_library_require(icongrid_library *library, const char *symbol) {
  void *address = icongrid_library_symbol(library, symbol);
  if (!address) {
    fprintf(stderr, "icongrid: cannot load %s: %s\n", library->soname, library->error);
    abort();
  }
  return address;
}

const char *icongrid_library_error(icongrid_library *library) {
  pthread_mutex_lock(&library->lock);
  const char *error = library->error;
  pthread_mutex_unlock(&library->lock);
  return error;
}
